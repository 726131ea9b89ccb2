import type { RefObject } from 'react';

/**
 * Where menus open: inside the page's main landmark rather than at the end of the body, so that
 * what they show belongs to a landmark (axe's “region” rule) and screen readers find it there.
 */
export const mainContainer: RefObject<HTMLElement | null> = {
  get current() {
    return document.getElementById('main');
  },
};
