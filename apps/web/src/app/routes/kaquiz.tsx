import { QuizPage } from '../../features/quiz/quiz-page';

// The question bank is large: it is imported here, in the quiz's own chunk, and nowhere else.
export function Component() {
  return <QuizPage />;
}
