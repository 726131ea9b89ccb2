import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import { chakraTheme } from './chakra-theme';
import './touch-targets.css';

/** The portal's design system: Chakra's theme (chakra-theme.ts) with the portal's brand palette. */
const portalTheme = defineConfig({
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef4fb' },
          100: { value: '#d5e3f4' },
          200: { value: '#abc6e8' },
          300: { value: '#78a3d8' },
          400: { value: '#4a80c6' },
          500: { value: '#2d66b0' },
          600: { value: '#1f4e8c' },
          700: { value: '#183e70' },
          800: { value: '#122f55' },
          900: { value: '#0c203b' },
          950: { value: '#071426' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's red.500 on white is 3.8 : 1 and its fg.warning (orange.600) 3.6 : 1; texts
        // need 4.5 : 1 (WCAG AA).
        fg: { error: { value: '{colors.red.700}' }, warning: { value: '{colors.orange.700}' } },
        // White on Chakra's green.600 and orange.600 (success and warning notices) is below 4.5 : 1,
        // and a reference line on red.600 (error notices) too.
        green: { solid: { value: '{colors.green.700}' } },
        red: { solid: { value: '{colors.red.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, chakraTheme), portalTheme);
