import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAppI18n } from '@/lib/app-i18n';

/** Edit and Delete of a song or album row, named for what they act on ("Edit Kesho"). */
export function RowActions({
  name,
  onEdit,
  onDelete,
  checkingDelete = false,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Delete is asking the server first (whether a song was sold): a spinner, not a second click. */
  checkingDelete?: boolean;
}) {
  const { t } = useAppI18n();
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon-row" aria-label={t('myMusic.editNamed', { name })} title={t('myMusic.edit')} onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon-row"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        aria-label={t('myMusic.deleteNamed', { name })}
        title={t('myMusic.delete')}
        disabled={checkingDelete}
        onClick={onDelete}
      >
        {checkingDelete ? <Spinner label={null} /> : <Trash2Icon aria-hidden="true" />}
      </Button>
    </div>
  );
}
