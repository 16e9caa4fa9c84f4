// The login form's contract on its own, for a lazy import (lib/lazy-zod-resolver.ts).
export { LoginInput } from '@jamii/shared';
