import { useConfirm } from './confirm.tsx';

/**
 * The `onClose` of a form's dialog: Escape or a click outside closes at once when nothing was typed, and asks first
 * when something typed or picked would be lost. Buttons that close on purpose (Cancel) keep calling `onClose` directly.
 */
export function useGuardedClose(dirty: boolean, onClose: () => void): () => void {
  const confirm = useConfirm();
  return () => {
    if (!dirty) return onClose();
    void confirm({
      title: 'Discard what you entered?',
      message: 'The form closes and what you typed or picked in it is lost.',
      confirmLabel: 'Discard',
      destructive: true,
    }).then((discard) => discard && onClose());
  };
}
