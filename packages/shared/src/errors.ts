/** The body of every error answer (DESIGN §4). */
export interface ApiErrorBody {
  code: string;
  message: string;
  /** Per-field messages, on validation errors only. */
  errors?: Record<string, string>;
}
