const LATER_KEY = 'termsLater';

/** "Accept later" holds for this browser session. */
export const termsPostponed = () => sessionStorage.getItem(LATER_KEY) === '1';
export const postponeTerms = () => sessionStorage.setItem(LATER_KEY, '1');
