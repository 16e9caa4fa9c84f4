export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@jamii/shared';
