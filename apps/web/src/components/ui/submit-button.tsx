import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';

type SubmitButtonProps = ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/**
 * A form's submit button for forms that check fields on blur. Pressing it would blur the field
 * being typed in; the check that follows can remove an error message above the button, the
 * button moves, the release lands elsewhere, and the press is lost. Keeping the focus where it is
 * on press avoids that; submitting checks every field anyway. Keyboard use is unchanged.
 */
export function SubmitButton(props: SubmitButtonProps) {
  return <Button type="submit" onMouseDown={(event) => event.preventDefault()} {...props} />;
}
