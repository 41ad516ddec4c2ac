import { AddTagsDialog } from '../../shell/add-tags-dialog.tsx';
import { cleanTags } from './tags.ts';

/** What the tags dialog adds tags to. */
interface TagsDialogProps {
  /** Names the experiments, e.g. "“run-1” and “run-2”". */
  target: string;
  /** Tags to suggest (those used in the project). */
  suggestions: readonly string[];
  busy: boolean;
  onSubmit(tags: string[]): void;
  onClose(): void;
}

/** Adds tags (E37) to one or more experiments. */
export function TagsDialog({ target, ...props }: TagsDialogProps) {
  return (
    <AddTagsDialog
      titleId="tags-title"
      title="Add tags"
      hint={`Tags for ${target}. Type a tag and press Enter to add another. You can remove a tag later with the × on it.`}
      clean={cleanTags}
      {...props}
    />
  );
}
