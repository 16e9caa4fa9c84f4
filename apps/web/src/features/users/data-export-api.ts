import { apiDownload } from '../../lib/api';

/** `GET /api/users/{id}/export`: everything Jamii holds about the member, as a zip. */
export function downloadMyData(id: number, onProgress: (received: number, total: number | null) => void) {
  return apiDownload(`/api/users/${id}/export`, onProgress);
}
