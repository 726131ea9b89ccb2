/**
 * The one door to Chakra UI (docs/architecture.md, “Chakra in one place”): features and the shell
 * import its components and the recipes of their lazy pages from here, and only src/client/ui
 * imports `@chakra-ui/react` (a lint rule). Behind it, a hot repeated element can change how it is
 * styled without its users changing.
 */
export * from '@chakra-ui/react';
export { checkboxSlotRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
export { drawerSlotRecipe } from '@chakra-ui/react/theme/recipes/drawer';
export { fieldsetSlotRecipe } from '@chakra-ui/react/theme/recipes/fieldset';
export { buttonRecipe } from '@chakra-ui/react/theme/recipes/button';
export { inputRecipe } from '@chakra-ui/react/theme/recipes/input';
export { listSlotRecipe } from '@chakra-ui/react/theme/recipes/list';
export { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
export { progressSlotRecipe } from '@chakra-ui/react/theme/recipes/progress';
export { qrCodeSlotRecipe } from '@chakra-ui/react/theme/recipes/qr-code';
export { radioGroupSlotRecipe } from '@chakra-ui/react/theme/recipes/radio-group';
export { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';
export { textareaRecipe } from '@chakra-ui/react/theme/recipes/textarea';
// Shadows the star export's Button (button.tsx says why).
export { Button } from './button';
