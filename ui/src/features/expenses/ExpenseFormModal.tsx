import { Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { EXPENSE_CATEGORIES, EXPENSE_LIMITS } from '../../../../domain/expenses';
import { DialogModal } from '../../shared/DialogModal';
import { fieldErrors, fieldErrorsSince } from '../../shared/api';
import { DateField } from '../../shared/DateField';
import { SignaturePadCanvas } from '../../shared/form-renderer/SignaturePadCanvas';
import { countOf } from '../../shared/labels';
import { StoredFileInput } from '../../shared/StoredFileInput';
import { useCreateExpense, useUploadReceipt, type NewExpense } from './expenses.api';

const EMPTY: NewExpense = { name: '', category: '', amount: '', transactionDate: '', comments: '', signature: '' };

/**
 * Files a new expense: its details, its receipts (at most 30, sent one by one after the expense is stored) and the
 * submitter's drawn signature. A receipt refused by the server leaves the expense filed; the message says which.
 */
export function ExpenseFormModal({
  opened,
  onClose,
  onFiled,
}: {
  opened: boolean;
  onClose: () => void;
  onFiled: (id: string) => void;
}) {
  const [values, setValues] = useState<NewExpense>(EMPTY);
  const [receipts, setReceipts] = useState<File[]>([]);
  const [progress, setProgress] = useState<string | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const create = useCreateExpense();
  const upload = useUploadReceipt(null);
  const errors = fieldErrorsSince(create.error, create.variables, values);
  const set = (k: keyof NewExpense, v: string) => setValues((s) => ({ ...s, [k]: v }));
  const tooMany = receipts.length > EXPENSE_LIMITS.maxReceipts;

  const close = () => {
    setValues(EMPTY);
    setReceipts([]);
    setProgress(null);
    setReceiptError(null);
    create.reset();
    upload.reset();
    onClose();
  };

  const submit = async () => {
    setReceiptError(null);
    let id: string;
    try {
      id = (await create.mutateAsync(values)).id;
    } catch {
      return;
    }
    for (const [i, file] of receipts.entries()) {
      setProgress(`Uploading receipt ${i + 1} of ${receipts.length}`);
      try {
        await upload.mutateAsync({ file, id });
      } catch (err) {
        setProgress(null);
        setReceiptError(
          `The expense was filed, but the receipt ${file.name} was refused: ${(err as Error).message} ` +
            'Open the expense to add it again.',
        );
        onFiled(id);
        return;
      }
    }
    setProgress(null);
    onFiled(id);
    close();
  };

  return (
    <DialogModal
      opened={opened}
      onClose={close}
      title="New expense"
      size="lg"
      asForm
      actionLabel="Sign and submit"
      onAction={() => void submit()}
      loading={create.isPending || upload.isPending}
      actionDisabled={tooMany}
      error={create.error}
      isShownInline={(f) => f in fieldErrors(create.error)}
    >
      <TextInput
        label="Name"
        required
        maxLength={EXPENSE_LIMITS.nameMaxLength}
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Type"
          required
          data={Object.entries(EXPENSE_CATEGORIES).map(([value, label]) => ({ value, label }))}
          value={values.category || null}
          onChange={(v) => set('category', v ?? '')}
          error={errors.category}
        />
        <TextInput
          label="Amount (USD)"
          required
          inputMode="decimal"
          placeholder="0.00"
          description="$0 to $999,999"
          value={values.amount ?? ''}
          onChange={(e) => set('amount', e.currentTarget.value)}
          error={errors.amount}
        />
        <DateField
          label="Date of transaction"
          required
          maxDate={new Date()}
          value={values.transactionDate}
          onChange={(v) => set('transactionDate', v)}
          error={errors.transactionDate}
        />
      </SimpleGrid>
      <Textarea
        label="Comments"
        autosize
        minRows={2}
        maxLength={EXPENSE_LIMITS.commentsMaxLength}
        value={values.comments ?? ''}
        onChange={(e) => set('comments', e.currentTarget.value)}
        error={errors.comments}
      />
      <StoredFileInput
        label="Receipts"
        multiple
        maxFiles={EXPENSE_LIMITS.maxReceipts}
        placeholder="Choose receipts"
        value={receipts}
        onChange={setReceipts}
        error={tooMany ? 'Upload limits exceeded: expenses max 30 uploads.' : undefined}
      />
      {receipts.length > 0 && !tooMany && (
        <Text size="sm" c="dimmed">
          {countOf(receipts.length, 'receipt')} chosen
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Signature{' '}
          <Text span c="red" aria-hidden="true">
            *
          </Text>
        </Text>
        <SignaturePadCanvas
          id="expense-signature"
          image={values.signature || null}
          disabled={false}
          onDraw={(image) => set('signature', image ?? '')}
        />
        {errors.signature && (
          <Text size="sm" c="red" role="alert">
            {errors.signature}
          </Text>
        )}
      </Stack>
      {receiptError && (
        <Text size="sm" c="red" role="alert">
          {receiptError}
        </Text>
      )}
      {progress && (
        <Text size="sm" role="status">
          {progress}
        </Text>
      )}
    </DialogModal>
  );
}
