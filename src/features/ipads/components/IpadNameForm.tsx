import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { IPAD_NAME_MAX_LENGTH, IpadNameSchema } from '../../../contract/devices';
import { TextField } from '../../../ui/TextField';

const IpadNameFormSchema = z.object({ ipad_name: IpadNameSchema });
type Fields = z.input<typeof IpadNameFormSchema>;
type Values = z.output<typeof IpadNameFormSchema>;

interface Props {
  defaultName?: string;
  submitLabel: string;
  busyLabel: string;
  isBusy: boolean;
  /** The server's message, shown red by the button (spec 000 section 8). */
  error?: string | null;
  success?: string | null;
  onSubmit: (values: Values) => void;
}

/** The iPad name field of Add iPad and of the Details tab; empty: "Please fill out all required fields." */
export function IpadNameForm({ defaultName = '', submitLabel, busyLabel, isBusy, error, success, onSubmit }: Props) {
  const form = useForm<Fields, unknown, Values>({ resolver: zodResolver(IpadNameFormSchema), defaultValues: { ipad_name: defaultName } });
  const fieldError = form.formState.errors.ipad_name?.message;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        label="iPad Name"
        hint="A name staff recognise, such as “Chapel entrance”."
        autoComplete="off"
        maxLength={IPAD_NAME_MAX_LENGTH}
        required
        aria-required="true"
        error={fieldError}
        {...form.register('ipad_name')}
      />
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {isBusy ? busyLabel : submitLabel}
        </button>
        {error && (
          <span className="form-error" role="alert">
            {error}
          </span>
        )}
        {success && !error && (
          <span className="form-success" role="status">
            {success}
          </span>
        )}
      </div>
    </form>
  );
}
