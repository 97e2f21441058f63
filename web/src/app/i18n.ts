import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';

/** A key with no translation shows itself, loudly, instead of an empty string. */
export const missingKey = (key: string) => `[missing "${key}" translation]`;

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: false,
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  parseMissingKeyHandler: missingKey,
  returnNull: false,
});

export { i18n };
