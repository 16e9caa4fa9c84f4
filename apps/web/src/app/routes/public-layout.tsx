import { PublicLayout } from '../layout/public-layout';

export function Component() {
  return <PublicLayout />;
}
