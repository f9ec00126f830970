import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type {
  CreateExpenseBody,
  DecisionBody,
  ExpenseDetailDto,
  ExpenseDto,
  ExpenseListDto,
} from '../../../../api/expenses/expenses.schemas';
import { api, apiUpload, buildApiUrl, type QueryValue } from '../../shared/api';

export type Expense = Static<typeof ExpenseDto>;
export type ExpenseDetail = Static<typeof ExpenseDetailDto>;
export type ExpenseList = Static<typeof ExpenseListDto>;

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

/** The New expense form's values as the API takes them (the server checks and converts the amount). */
export type NewExpense = Static<typeof CreateExpenseBody>;

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
    mutationFn: (body: Static<typeof DecisionBody>) =>
      api.post<ExpenseDetail>(`/expenses/${encodeURIComponent(expenseId)}/decision`, body),
    onSuccess: (detail) => {
      store(detail);
      void client.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
}
