import { ShortsPage } from '../../features/videos/shorts-page';
import { paths } from '../paths';

export function Component() {
  return <ShortsPage uploadTo={paths.uploadVideo} />;
}
