import type { SVGProps } from 'react';
import { rightToLeft } from '../i18n/initial-locale';

/** The few line icons the shell needs, inline so they cost no extra request. */
function Icon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const MenuIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);
export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);
export const SignOutIcon = () => (
  <Icon>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </Icon>
);
export const HomeIcon = () => (
  <Icon>
    <path d="m3 11 9-8 9 8M5 10v10h14V10" />
  </Icon>
);
export const CalculatorIcon = () => (
  <Icon>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M8 7h8M8 12h.01M12 12h.01M16 12h.01M8 16h.01M12 16h.01M16 16h.01" />
  </Icon>
);
export const SignatureIcon = () => (
  <Icon>
    <path d="M3 17c3-4 5-9 7-9s-1 9 2 9 3-3 5-3 2 2 4 2M3 21h18" />
  </Icon>
);
export const ContractIcon = () => (
  <Icon>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h5" />
  </Icon>
);
export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const HelpIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01" />
  </Icon>
);
export const UsersIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </Icon>
);
export const BuildingIcon = () => (
  <Icon>
    <path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M2 21h20M8 7h4M8 11h4M8 15h4" />
  </Icon>
);
/**
 * Points where a group opens: to the inline end (a flyout beside: right, left in a right-to-left
 * language), down (in place); turned by the caller.
 */
export const ChevronIcon = ({ turn = 0 }: { turn?: number }) => (
  <Icon
    style={{
      transform: `rotate(${turn + (rightToLeft() && turn % 180 === 0 ? 180 : 0)}deg)`,
      transition: 'transform 0.2s',
    }}
  >
    <path d="m9 6 6 6-6 6" />
  </Icon>
);

/** "Back": an arrow to the inline start (left, right in a right-to-left language). */
export const BackArrow = () => <span aria-hidden="true">{rightToLeft() ? '→' : '←'}</span>;
