// @vitest-environment jsdom
import { Button as ChakraButton } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { Button } from './chakra';

describe('Button', () => {
  // Chakra's own button hides its words behind the spinner; ours keeps them.
  it('keeps its name while it works', async () => {
    renderWithApp(
      <>
        <Button loading>Delete user</Button>
        <ChakraButton loading>Raw</ChakraButton>
      </>,
    );
    expect(await screen.findByRole('button', { name: 'Delete user' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Raw' })).toBeNull();
  });
});
