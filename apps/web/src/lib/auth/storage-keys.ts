/** The signed-in member, kept beside the token so a reload shows the app before `/api/me` answers. */
export const USER_STORAGE_KEY = 'user';
