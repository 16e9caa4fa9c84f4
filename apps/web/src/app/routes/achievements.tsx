import { AchievementsPage } from '../../features/quiz/achievements-page';

export function Component() {
  return <AchievementsPage />;
}
