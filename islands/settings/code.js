// The e-mail change's code field (templates/settings/account.html): six digits, typed or pasted,
// send the form at once, as the verify page's boxes do. The form works without this (its button);
// the same code is never sent twice in a row from one form, whatever events follow.
const CODE_LENGTH = 6;

export function submitCodeWhenComplete(field) {
  if (field.autocomplete !== 'one-time-code' || !field.form) return;
  const code = field.value.replace(/\D/g, '');
  if (code.length !== CODE_LENGTH || field.form.dataset.sentCode === code) return;
  field.value = code;
  field.form.dataset.sentCode = code;
  field.form.requestSubmit();
}
