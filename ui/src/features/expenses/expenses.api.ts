import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiUpload, buildApiUrl, type QueryValue } from '../../shared/api';

export interface Expense {
  id: string;
  name: string;
  category: string;
  categoryLabel: string;
  amountCents: number;
  transactionDate: string;
  comments: string | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  statusLabel: string;
  rejectReason: string | null;
  submittedBy: string | null;
  submitterName: string | null;
  deciderName: string | null;
  decidedAt: string | null;
  signedAt: string;
  createdAt: string;
  receiptCount: number;
}

export interface ExpenseDetail extends Expense {
  signature: string;
  receipts: { id: string; filename: string; contentType: string; sizeBytes: number; uploadedAt: string }[];
}

export interface ExpenseList {
  items: Expense[];
  total: number;
  limit: number;
  offset: number;
  totalCents: number;
  totals: { category: string; label: string; amountCents: number }[];
  submitters: { id: string; name: string }[];
  canApprove: boolean;
}

export type ExpenseFilters = Record<string, QueryValue>;

const KEY = ['expenses'] as const;

export function useExpenses(filters: ExpenseFilters) {
  return useQuery({
    queryKey: [...KEY, 'list', filters],
    queryFn: ({ signal }) => api.get<ExpenseList>('/expenses', filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExpense(id: string | null) {
  return useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) => api.get<ExpenseDetail>(`/expenses/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });
}

export const expenseExportUrl = (filters: ExpenseFilters) =>
  buildApiUrl('/expenses/export', { ...filters, limit: undefined, offset: undefined });

export const receiptUrl = (expenseId: string, receiptId: string) =>
  buildApiUrl(`/expenses/${encodeURIComponent(expenseId)}/receipts/${encodeURIComponent(receiptId)}`);

function useStoreExpense() {
  const client = useQueryClient();
  return (detail: ExpenseDetail) => {
    client.setQueryData([...KEY, 'one', detail.id], detail);
    void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
  };
}

export interface NewExpense {
  name: string;
  category: string;
  amount: string;
  transactionDate: string;
  comments: string;
  signature: string;
}

export function useCreateExpense() {
  const store = useStoreExpense();
  return useMutation({
    mutationFn: (body: NewExpense) => api.post<ExpenseDetail>('/expenses', body),
    onSuccess: store,
  });
}

export function useUploadReceipt(expenseId: string | null) {
  const store = useStoreExpense();
  return useMutation({
    mutationFn: ({ file, id }: { file: File; id?: string }) =>
      apiUpload<ExpenseDetail>(`/expenses/${encodeURIComponent(id ?? expenseId!)}/receipts`, file),
    onSuccess: store,
  });
}

export function useRemoveReceipt(expenseId: string) {
  const store = useStoreExpense();
  return useMutation({
    mutationFn: (receiptId: string) =>
      api.delete<ExpenseDetail>(`/expenses/${encodeURIComponent(expenseId)}/receipts/${encodeURIComponent(receiptId)}`),
    onSuccess: store,
  });
}

export function useDecideExpense(expenseId: string) {
  const store = useStoreExpense();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { decision: 'APPROVE' | 'REJECT'; reason?: string }) =>
      api.post<ExpenseDetail>(`/expenses/${encodeURIComponent(expenseId)}/decision`, body),
    onSuccess: (detail) => {
      store(detail);
      void client.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
}
