import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { VersionField } from './version-field.tsx';

function Harness({ initial, existing, showErrors = false }: { initial: string; existing: string[]; showErrors?: boolean }) {
  const [value, setValue] = useState(initial);
  return <VersionField value={value} onChange={setValue} existing={existing} showErrors={showErrors} />;
}

const field = () => screen.getByRole('textbox', { name: 'Version' });

describe('VersionField', () => {
  afterEach(cleanup);

  it('explains the form of a valid version and shows how the service will store it', () => {
    render(<Harness initial="1.0.0" existing={[]} />);
    expect(field()).toHaveProperty('ariaInvalid', 'false');
    expect(screen.getByText('A semantic version, e.g. 1.2.0.')).toBeTruthy();
    fireEvent.change(field(), { target: { value: 'v2.1.0' } });
    expect(screen.getByText('Saved as 2.1.0.')).toBeTruthy();
  });

  it('marks a version that is not semantic, or already used, once errors are shown', () => {
    render(<Harness initial="1.0" existing={['1.0.0', '2.0.0']} showErrors />);
    expect(field()).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getByText(/“1.0” is not a semantic version/)).toBeTruthy();
    fireEvent.change(field(), { target: { value: '2.0.0' } });
    expect(screen.getByText('The model already has version 2.0.0.')).toBeTruthy();
    fireEvent.change(field(), { target: { value: '1.5.0' } });
    expect(field()).toHaveProperty('ariaInvalid', 'false');
    expect(screen.getByText('A semantic version, e.g. 1.2.0. Lower than the latest version, 2.0.0.')).toBeTruthy();
  });

  it('does not shout at a half-typed version before the user tries to submit', () => {
    render(<Harness initial="1." existing={[]} />);
    expect(field()).toHaveProperty('ariaInvalid', 'false');
    expect(screen.getByText('A semantic version, e.g. 1.2.0.')).toBeTruthy();
  });
});
