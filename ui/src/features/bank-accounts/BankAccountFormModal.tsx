import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BANK_ACCOUNT_LIMITS, BANK_ACCOUNT_TYPES } from '../../../../domain/bank-routing';
import { DialogModal } from '../../shared/DialogModal';
import { fieldErrors, fieldErrorsSince } from '../../shared/api';
import { useSaveBankAccount, type NewBankAccount } from './bank-accounts.api';

const EMPTY: NewBankAccount = {
  bankName: '',
  accountType: '',
  nameOnAccount: '',
  routingNumber: '',
  accountNumber: '',
};

/**
 * Adds the athlete's bank account or replaces it. The account number is typed twice (it is never shown back in
 * full, so a typo would otherwise go unnoticed) and kept in this form's state only until it closes.
 */
export function BankAccountFormModal({
  opened,
  onClose,
  replacing,
  defaultName,
}: {
  opened: boolean;
  onClose: () => void;
  replacing: boolean;
  defaultName: string;
}) {
  const [values, setValues] = useState<NewBankAccount>({ ...EMPTY, nameOnAccount: defaultName });
  const [confirm, setConfirm] = useState('');
  const [confirmTouched, setConfirmTouched] = useState(false);
  const save = useSaveBankAccount();
  const errors = fieldErrorsSince(save.error, save.variables, values);
  const set = (k: keyof NewBankAccount, v: string) => setValues((s) => ({ ...s, [k]: v }));
  const digits = (v: string | undefined) => (v ?? '').replace(/[\s-]/g, '');
  const mismatch = confirmTouched && digits(confirm) !== digits(values.accountNumber);

  const close = () => {
    setValues({ ...EMPTY, nameOnAccount: defaultName });
    setConfirm('');
    setConfirmTouched(false);
    save.reset();
    onClose();
  };

  const submit = async () => {
    setConfirmTouched(true);
    if (digits(confirm) !== digits(values.accountNumber)) return;
    try {
      await save.mutateAsync(values);
    } catch {
      return;
    }
    close();
  };

  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title={replacing ? 'Replace bank account' : 'Add bank account'}
      size="lg"
      asForm
      actionLabel="Save bank account"
      onAction={() => void submit()}
      loading={save.isPending}
      error={save.error}
      isShownInline={(f) => f in fieldErrors(save.error)}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Bank"
          required
          maxLength={BANK_ACCOUNT_LIMITS.bankNameMaxLength}
          value={values.bankName ?? ''}
          onChange={(e) => set('bankName', e.currentTarget.value)}
          error={errors.bankName}
        />
        <Select
          label="Account type"
          required
          data={Object.entries(BANK_ACCOUNT_TYPES).map(([value, label]) => ({ value, label }))}
          value={values.accountType || null}
          onChange={(v) => set('accountType', v ?? '')}
          error={errors.accountType}
        />
      </SimpleGrid>
      <TextInput
        label="Name on account"
        required
        maxLength={BANK_ACCOUNT_LIMITS.nameOnAccountMaxLength}
        value={values.nameOnAccount ?? ''}
        onChange={(e) => set('nameOnAccount', e.currentTarget.value)}
        error={errors.nameOnAccount}
      />
      <TextInput
        label="Routing number"
        required
        inputMode="numeric"
        autoComplete="off"
        description="The 9 digits at the bottom left of a check"
        maxLength={20}
        value={values.routingNumber ?? ''}
        onChange={(e) => set('routingNumber', e.currentTarget.value)}
        error={errors.routingNumber}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Account number"
          required
          inputMode="numeric"
          autoComplete="off"
          description="4 to 17 digits"
          maxLength={40}
          value={values.accountNumber ?? ''}
          onChange={(e) => set('accountNumber', e.currentTarget.value)}
          error={errors.accountNumber}
        />
        <TextInput
          label="Re-enter account number"
          required
          description="Type it again to be sure"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          onBlur={() => setConfirmTouched(true)}
          error={mismatch ? 'The account numbers do not match.' : undefined}
        />
      </SimpleGrid>
    </DialogModal>
  );
}
