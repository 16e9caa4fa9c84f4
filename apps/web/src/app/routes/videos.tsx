import { VideosPage } from '../../features/videos/videos-page';
import { paths } from '../../lib/paths';

export function Component() {
  return <VideosPage uploadTo={paths.uploadVideo} />;
}
