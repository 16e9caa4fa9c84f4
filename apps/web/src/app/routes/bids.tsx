import { BidsPage } from '../../features/bids/bids-page';

export function Component() {
  return <BidsPage />;
}
