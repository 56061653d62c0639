/**
 * The planning-ahead options: the iPad checkbox's label (or hiding it) and the texts of the
 * phone sign page. Empty fields fall back to the defaults shown as placeholders.
 */
import type { UseFormReturn } from 'react-hook-form';
import { DEFAULT_ADVANCED_PLANNING_CHECK_TEXT, DEFAULT_MOBILE_ADVANCED_PLANNING_LABEL_HEADER, DEFAULT_MOBILE_ADVANCED_PLANNING_QUESTION } from '../../../contract/services';
import { TextField } from '../../../ui/TextField';
import type { ServiceFormValues } from '../model';

export function AdvancedPlanningFields({ form }: { form: UseFormReturn<ServiceFormValues> }) {
  const { register, watch, formState } = form;
  const isHidden = watch('advanced_planning_check_is_hidden') === true;
  const errors = formState.errors;
  return (
    <fieldset className="advanced-fields" id="advanced-planning-options">
      <legend>Advanced planning options</legend>
      <label className="checkbox field">
        <input type="checkbox" {...register('advanced_planning_check_is_hidden')} />
        Hide the pre-planning checkbox
      </label>
      {!isHidden && (
        <TextField
          label="Pre-planning checkbox label"
          placeholder={DEFAULT_ADVANCED_PLANNING_CHECK_TEXT}
          hint="Shown beside the checkbox on the iPad. Leave empty for the default."
          error={errors.advanced_planning_check_text?.message}
          {...register('advanced_planning_check_text')}
        />
      )}
      <TextField
        label="Mobile header"
        placeholder={DEFAULT_MOBILE_ADVANCED_PLANNING_LABEL_HEADER}
        error={errors.mobile_advanced_planning_label_header?.message}
        {...register('mobile_advanced_planning_label_header')}
      />
      <TextField
        label="Mobile question"
        placeholder={DEFAULT_MOBILE_ADVANCED_PLANNING_QUESTION}
        error={errors.mobile_advanced_planning_question?.message}
        {...register('mobile_advanced_planning_question')}
      />
    </fieldset>
  );
}
