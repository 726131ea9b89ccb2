import { Button as ChakraButton, type ButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';

/**
 * Chakra's button, keeping its words while it works: a loading Chakra button hides its text
 * (`visibility: hidden`) behind the spinner, which leaves it without an accessible name (axe's
 * button-name) exactly while a screen reader user waits on it. Here the spinner stands beside
 * the text instead, unless the caller names a text of its own (`loadingText`).
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading, loadingText, children, ...rest },
  ref,
) {
  return (
    <ChakraButton
      ref={ref}
      loading={loading}
      loadingText={loading && !rest.asChild ? (loadingText ?? children) : loadingText}
      {...rest}
    >
      {children}
    </ChakraButton>
  );
});
