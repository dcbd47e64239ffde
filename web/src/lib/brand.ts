/** The product name: a brand, the same in every language. */
export const APP_NAME = 'Hadir';
