import { CommonLayout } from '../layout/common-layout';

export function Component() {
  return <CommonLayout />;
}
