import { FindPeoplePage } from '../../features/follows/find-people-page';

/** `/explore/users`: Find People. */
export function Component() {
  return <FindPeoplePage />;
}
