import { Anchor, Badge, Button, Group, Image, List, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { EXPENSE_LIMITS, formatDollars } from '../../../../domain/expenses';
import { wordCount } from '../../../../domain/recruiting';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { DialogModal } from '../../shared/DialogModal';
import { formatDate, formatDateTime } from '../../shared/format';
import { formatFileSize } from '../../shared/form-renderer/attachment-answer';
import { countOf } from '../../shared/labels';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState } from '../../shared/states';
import { StoredFileInput } from '../../shared/StoredFileInput';
import {
  receiptUrl,
  useDecideExpense,
  useExpense,
  useRemoveReceipt,
  useUploadReceipt,
  type ExpenseDetail,
} from './expenses.api';

export const STATUS_COLORS: Record<string, string> = { PENDING: 'orange', APPROVED: 'green', REJECTED: 'red' };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/**
 * A school admin's decision: approve, or reject with a reason of at most 50 words. The reason's field shows in the
 * dialog's content and the buttons where the dialog's actions stand.
 */
function useDecision(expenseId: string | null) {
  const decide = useDecideExpense(expenseId ?? '');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  // Another expense starts undecided, as a freshly opened one did.
  const [shownId, setShownId] = useState(expenseId);
  if (expenseId !== shownId) {
    setShownId(expenseId);
    setRejecting(false);
    setReason('');
  }
  const words = wordCount(reason);
  const over = words > EXPENSE_LIMITS.rejectReasonMaxWords;
  const field = rejecting ? (
    <Textarea
      label="Reason for rejecting"
      required
      autosize
      minRows={2}
      value={reason}
      onChange={(e) => setReason(e.currentTarget.value)}
      description={`${countOf(words, 'word')} of ${EXPENSE_LIMITS.rejectReasonMaxWords}`}
      error={over ? 'Reject reason max 50 words.' : undefined}
    />
  ) : null;
  const actions = rejecting ? (
    <>
      <Button variant="default" onClick={() => setRejecting(false)}>
        Back
      </Button>
      <Button
        color="red.9"
        disabled={!reason.trim() || over}
        loading={decide.isPending}
        onClick={() => decide.mutate({ decision: 'REJECT', reason: reason.trim() })}
      >
        Reject expense
      </Button>
    </>
  ) : (
    <>
      <Button variant="default" color="red" onClick={() => setRejecting(true)}>
        Reject…
      </Button>
      <Button loading={decide.isPending} onClick={() => decide.mutate({ decision: 'APPROVE' })}>
        Approve expense
      </Button>
    </>
  );
  const reset = () => {
    setRejecting(false);
    setReason('');
    decide.reset();
  };
  return { field, actions, error: decide.error, reset };
}

function Receipts({ expense, editable }: { expense: ExpenseDetail; editable: boolean }) {
  const upload = useUploadReceipt(expense.id);
  const remove = useRemoveReceipt(expense.id);
  const full = expense.receipts.length >= EXPENSE_LIMITS.maxReceipts;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Receipts ({expense.receipts.length} of {EXPENSE_LIMITS.maxReceipts})
      </Text>
      {expense.receipts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No receipts yet.
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {expense.receipts.map((r) => (
            <List.Item key={r.id}>
              <Group gap="xs" wrap="nowrap">
                <Anchor href={receiptUrl(expense.id, r.id)} download={r.filename}>
                  {r.filename}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatFileSize(r.sizeBytes)}
                </Text>
                {editable && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={remove.isPending && remove.variables === r.id}
                    onClick={() => remove.mutate(r.id)}
                    aria-label={`Remove receipt ${r.filename}`}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {editable && (
        <StoredFileInput
          label="Add a receipt"
          full={full}
          fullPlaceholder={`This expense has ${EXPENSE_LIMITS.maxReceipts} receipts: remove one first`}
          clearable={false}
          value={null}
          onChange={(file) => file && upload.mutate({ file })}
          disabled={upload.isPending}
        />
      )}
      <ApiErrorAlert error={upload.error ?? remove.error} />
    </Stack>
  );
}

/** One expense: its facts, receipts, signature and decision; the admin decides here (My Tasks links to it). */
export function ExpenseDetailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const me = useMe();
  const expense = useExpense(id);
  const e = expense.data;
  const own = e?.submittedBy === me.id;
  const canDecide = Boolean(e && e.status === 'PENDING' && me.portal === 'admin' && !own);
  const decision = useDecision(id);
  const close = () => {
    decision.reset();
    onClose();
  };
  return (
    <DialogModal
      opened={Boolean(id)}
      onClose={close}
      title={e ? e.name : 'Expense'}
      size="lg"
      // A detail view: the dialog's X closes it, and only an admin who may decide has buttons.
      dismissLabel={null}
      actions={canDecide ? decision.actions : undefined}
      error={canDecide ? decision.error : null}
    >
      {expense.isPending && <LoadingState rows={4} label="Loading the expense" />}
      {expense.error && <ErrorState error={expense.error} onRetry={() => void expense.refetch()} />}
      {e && (
        <Stack>
          <Group gap="xs">
            <Badge variant="light" color={STATUS_COLORS[e.status]}>
              {e.statusLabel}
            </Badge>
            <Text size="sm" c="dimmed">
              {e.categoryLabel}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <Fact label="Amount">{formatDollars(e.amountCents)}</Fact>
            <Fact label="Date of transaction">{formatDate(e.transactionDate)}</Fact>
            <Fact label="Submitted by">{e.submitterName ?? '—'}</Fact>
          </SimpleGrid>
          {e.comments && <Fact label="Comments">{e.comments}</Fact>}
          {e.status !== 'PENDING' && (
            <Fact label={e.status === 'APPROVED' ? 'Approved' : 'Rejected'}>
              {[e.deciderName, formatDateTime(e.decidedAt, e.timeZone)].filter(Boolean).join(', ')}
              {e.rejectReason ? `: ${e.rejectReason}` : ''}
            </Fact>
          )}
          <Receipts expense={e} editable={own && e.status === 'PENDING'} />
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Signature
            </Text>
            <Image
              src={e.signature}
              alt={`Signature of ${e.submitterName ?? 'the submitter'}`}
              maw={320}
              bd="1px solid var(--mantine-color-gray-4)"
              radius="sm"
            />
            <Text size="xs" c="dimmed">
              Signed {formatDateTime(e.signedAt, e.timeZone)}
            </Text>
          </Stack>
          {canDecide && decision.field}
          {e.status === 'PENDING' && me.portal === 'admin' && own && (
            <Text size="sm" c="dimmed">
              Another school admin decides your own expenses.
            </Text>
          )}
        </Stack>
      )}
    </DialogModal>
  );
}
