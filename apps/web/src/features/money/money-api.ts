/**
 * The money and identity calls (docs/CONTRACT.md "Money in and out", "Identity") and their queries.
 * Keys carry the session token, so one user's records never show for the next user of the phone.
 * Calls that change money block the screen with the spinner until the server answers, so a second
 * tap cannot send a second request; deposits and withdrawals carry an idempotency key, so a retry
 * after a lost answer gets the first record instead of making a second one.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  BindDrawMethodBody,
  ChargeNetwork,
  CryptoDepositBody,
  DepositRecord,
  DrawMethod,
  IdentityCenter,
  RealNameBody,
  RecordPage,
  WireBank,
  WireDepositBody,
  WithdrawBody,
  WithdrawCurrency,
  WithdrawRecord,
} from '@omp/protocol';
import { IDEMPOTENCY_HEADER } from '@omp/protocol';
import { api } from '../../lib/api.ts';
import { IdempotencyKeys } from '../../lib/idempotency.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../session/session-store.ts';
import { nextPageOf, PAGE_SIZE, refreshTrading } from '../trading/trading-api.ts';

/** 1: crypto address, 2: bank account (draw_symbol_list, get_draw_method, withdraw-way?type=). */
export type PayoutType = 1 | 2;

export const moneyKeys = {
  all: ['money'] as const,
  networks: (token: string) => ['money', 'networks', token] as const,
  wireBanks: (token: string) => ['money', 'wire-banks', token] as const,
  deposits: (token: string) => ['money', 'deposits', token] as const,
  currencies: (token: string, type: PayoutType) => ['money', 'currencies', token, type] as const,
  methods: (token: string, type: PayoutType) => ['money', 'methods', token, type] as const,
  withdrawals: (token: string) => ['money', 'withdrawals', token] as const,
  identity: (token: string) => ['money', 'identity', token] as const,
};

const refreshMoney = () => queryClient.invalidateQueries({ queryKey: moneyKeys.all });

function useTokenQuery<T>(key: readonly unknown[], path: string, params?: Record<string, number>) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<T>(path, { ...(params ? { params } : {}), signal }),
    enabled: token !== '',
    staleTime: 30_000,
  });
}

export function useChargeNetworks() {
  const token = useSession((s) => s.token);
  return useTokenQuery<ChargeNetwork[]>(moneyKeys.networks(token), '/api/quickCharge/info');
}

export function useWireBanks() {
  const token = useSession((s) => s.token);
  return useTokenQuery<WireBank[]>(moneyKeys.wireBanks(token), '/api/quickCharge/wire_info');
}

export function useWithdrawCurrencies(type: PayoutType) {
  const token = useSession((s) => s.token);
  return useTokenQuery<WithdrawCurrency[]>(
    moneyKeys.currencies(token, type),
    '/api/account/draw_symbol_list',
    {
      type,
    },
  );
}

export function useDrawMethods(type: PayoutType) {
  const token = useSession((s) => s.token);
  return useTokenQuery<DrawMethod[]>(moneyKeys.methods(token, type), '/api/wallet/get_draw_method', {
    draw_type: type,
  });
}

export function useIdentityCenter() {
  const token = useSession((s) => s.token);
  return useTokenQuery<IdentityCenter>(moneyKeys.identity(token), '/api/user_real/center');
}

function usePagedRecords<T>(key: readonly unknown[], path: string) {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      api.get<RecordPage<T>>(path, { params: { page: pageParam, page_size: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      nextPageOf(
        last,
        pages.reduce((sum, page) => sum + page.list.length, 0),
      ),
    enabled: token !== '',
  });
}

export function useDeposits() {
  const token = useSession((s) => s.token);
  return usePagedRecords<DepositRecord>(moneyKeys.deposits(token), '/api/quickCharge/quick_ist');
}

export function useWithdrawals() {
  const token = useSession((s) => s.token);
  return usePagedRecords<WithdrawRecord>(moneyKeys.withdrawals(token), '/api/account/draw_list');
}

/** Each record once, even when new rows shifted the pages while they loaded. */
export function uniqueRecords<T extends { id: number }>(pages: readonly RecordPage<T>[] | undefined): T[] {
  const seen = new Set<number>();
  return (pages ?? []).flatMap((page) =>
    page.list.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true))),
  );
}

/** Sends one image; the answer's url is what the forms send on. Failures are explained by the caller. */
export function uploadImage(file: File): Promise<{ url: string }> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<{ url: string }>('/api/common/image_upload', body, { showErrorMessage: false });
}

const form = { form: true, loading: true, successToast: true } as const;
const keys = new IdempotencyKeys();

/** A POST that moves money: the same request after an unknown outcome reuses its key. */
const once = <T>(path: string, body: Record<string, unknown>, showErrorMessage = true) =>
  keys.send(`${path} ${JSON.stringify(body)}`, (key) =>
    api.post<T>(path, body, { ...form, showErrorMessage, headers: { [IDEMPOTENCY_HEADER]: key } }),
  );

async function thenRefresh<T>(call: Promise<T>, alsoTrading = false): Promise<T> {
  const result = await call;
  void refreshMoney();
  if (alsoTrading) void refreshTrading();
  return result;
}

export const submitIdentity = (body: RealNameBody) =>
  thenRefresh(api.post('/api/user_real/real_name', body, form));

/** Whatever the answer: a deposit refused for a rate that changed shows the new rate at once. */
async function depositThenRefresh<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } finally {
    void refreshMoney();
  }
}

export const submitCryptoDeposit = (body: CryptoDepositBody) =>
  depositThenRefresh(once<DepositRecord>('/api/quickCharge/submit', body));

export const submitWireDeposit = (body: WireDepositBody) =>
  depositThenRefresh(once<DepositRecord>('/api/quickCharge/wire_submit', body));

/** The amount (fee included) leaves the free margin at once: the account figures change too. */
export const withdraw = (body: WithdrawBody, showErrorMessage = true) =>
  thenRefresh(once<WithdrawRecord>('/api/account/draw', body, showErrorMessage), true);

export type BindMethodBody = BindDrawMethodBody;

export const bindDrawMethod = (body: BindDrawMethodBody) =>
  thenRefresh(api.post<DrawMethod>('/api/wallet/bind_draw_method', { ...body }, form));

export const deleteDrawMethod = (id: number) =>
  thenRefresh(api.post('/api/wallet/del_draw_method', { id }, form));
