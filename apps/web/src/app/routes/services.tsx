import { ServicesPage } from '../../features/services/services-page';

export function Component() {
  return <ServicesPage />;
}
