import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../shell/testing.tsx';
import { CreateProjectDialog } from './create-project-dialog.tsx';
import { validateProjectForm } from './project-form.tsx';

describe('validateProjectForm', () => {
  it('accepts a name, an empty description and either visibility', () => {
    expect(validateProjectForm({ projectName: 'mnist', projectDescription: '', isPublic: true })).toEqual({});
  });

  it('refuses an empty or blank name the way the service does', () => {
    expect(validateProjectForm({ projectName: '   ', projectDescription: '', isPublic: false })).toEqual({ projectName: 'must not be empty' });
  });

  it('refuses a name or description longer than the contract allows', () => {
    const errors = validateProjectForm({ projectName: 'x'.repeat(251), projectDescription: 'd'.repeat(10_001), isPublic: false });
    expect(errors).toEqual({ projectName: 'must be at most 250 characters', projectDescription: 'must be at most 10000 characters' });
  });
});

describe('CreateProjectDialog', () => {
  it('shows field messages instead of sending an invalid form, and keeps what was typed', () => {
    const onClose = vi.fn();
    renderInShell(<CreateProjectDialog workspaceName="admin" open onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'New project in admin' });
    expect(screen.queryByText('must not be empty')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'kept text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(dialog.textContent).toContain('must not be empty');
    expect(screen.getByRole('textbox', { name: 'Project name' }).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe('kept text');
    expect(screen.getByRole('button', { name: 'Create project' }).getAttribute('aria-busy')).toBe('false');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers private and public visibility, private by default', () => {
    renderInShell(<CreateProjectDialog workspaceName="admin" open onClose={() => undefined} />);
    expect((screen.getByRole('radio', { name: 'Private' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Public' }));
    expect((screen.getByRole('radio', { name: 'Public' }) as HTMLInputElement).checked).toBe(true);
  });
});
