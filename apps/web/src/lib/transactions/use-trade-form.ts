import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm, useWatch, type FieldError, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { Account } from '@portal/contract/accounts';
import type { Merchant } from '@portal/contract/merchants';
import { readValidationMessage } from '@portal/contract/validation-messages';
import {
  amountSchema,
  ASSET_AMOUNT,
  checkAmount,
  compareAmounts,
  type AmountLimits,
} from '@portal/contract/money';
import type { TransactionType } from '@portal/contract/transactions';
import { useAccounts } from '@/lib/merchant-accounts/get-accounts';
import { useMerchants } from '@/lib/merchant-accounts/get-merchants';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage, fieldErrorText, validationText } from '@/lib/form-errors';
import { toast } from '@/lib/notifications';
import { isQuoteExpired, useQuote } from '@/lib/transactions/get-quote';
import { useRateNotice } from '@/lib/transactions/use-rate-notice';
import { positionQueryKey, usePosition } from '@/lib/transactions/get-position';
import { formatAsset } from '@/lib/format';
import { transactionPath } from '@/lib/transactions/transaction-path';
import { useIdempotentSubmission } from '@/lib/transactions/use-idempotent-submission';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useFormDraft } from '@/lib/form-drafts';
import { useUser } from '@/lib/user/user-context';

/**
 * The Buy and Sell forms: a merchant, one of the user's accounts there, and an amount as people
 * type it ("1,000"), sent as the plain decimal the API takes ("1000"), within the merchant's
 * limits (docs/decisions/014).
 */
function tradeFormSchema(limits: AmountLimits | undefined) {
  return z.object({
    merchantId: z.string().min(1, { error: 'required' }),
    accountId: z.string().min(1, { error: 'required' }),
    amount: amountSchema(ASSET_AMOUNT, { grouping: true, limits }),
  });
}
type TradeFormValues = z.input<ReturnType<typeof tradeFormSchema>>;
type TradeRequest = z.output<ReturnType<typeof tradeFormSchema>>;

function limitsOf(merchant: Merchant | undefined): AmountLimits | undefined {
  return merchant
    ? { min: merchant.minPerRequest, max: merchant.maxPerRequest, unit: merchant.asset }
    : undefined;
}

/** The messages that are about the merchant's limits, shown while the amount is being typed. */
const LIMIT_MESSAGES = new Set(['amountBelowMin', 'amountAboveMax']);

const FIELDS = ['merchantId', 'accountId', 'amount'] as const;
const EMPTY: TradeFormValues = { merchantId: '', accountId: '', amount: '' };

/** The default account at a merchant, else its first one. */
function preferredAccount(accounts: Account[], merchantId: string): Account | undefined {
  const here = accounts.filter((account) => account.merchant.id === merchantId);
  return here.find((account) => account.isDefault) ?? here[0];
}

/**
 * Everything the Buy and Sell forms share: choosing merchant and account (the default account's
 * merchant first), the live quote, the limits check, the idempotent request, and the errors,
 * including a quote that ran out (renewed, and the user told the rate they now get).
 */
export function useTradeForm(side: TransactionType) {
  const { t } = useTranslation(['transactions', 'validation', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const merchants = useMerchants();
  const accounts = useAccounts();
  const request = useIdempotentSubmission();
  // The limits are the chosen merchant's: the schema is made for the merchant the values name.
  const resolver: Resolver<TradeFormValues, unknown, TradeRequest> = (values, context, options) =>
    zodResolver(
      tradeFormSchema(limitsOf(merchants.data?.find((item) => item.id === values.merchantId))),
    )(values, context, options);
  const form = useForm<TradeFormValues, unknown, TradeRequest>({
    resolver,
    // A mistyped amount is said once the field is left, then as it is corrected; the limits are
    // said at once (below).
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { control, setValue, setError, subscribe } = form;
  // What was typed when the session ended under the form comes back after signing in again,
  // for the same user (docs/decisions/016).
  const { user } = useUser();
  const draft = useFormDraft(side, user.id, () => {
    const { merchantId, accountId, amount } = form.getValues();
    return { merchantId, accountId, amount };
  });
  // Whether the form is still on screen when a request it sent is answered (Back was pressed).
  const onScreen = useRef(true);
  useEffect(() => {
    onScreen.current = true;
    return () => {
      onScreen.current = false;
    };
  }, []);
  const [merchantId, accountId, amount] = useWatch({
    control,
    name: ['merchantId', 'accountId', 'amount'],
  });
  const quote = useQuote(merchantId, side);
  const { rateNotice, setRateNotice, renewQuote } = useRateNotice(quote, merchantId);
  // A sell may use at most what the account has available (the server checks again).
  const position = usePosition(side === 'sell' ? accountId : '');
  const available = position.data?.available;
  const merchant: Merchant | undefined = merchants.data?.find((item) => item.id === merchantId);
  const accountsHere = (accounts.data ?? []).filter((item) => item.merchant.id === merchantId);

  const chooseMerchant = (id: string) => {
    setValue('merchantId', id, { shouldValidate: true });
    setValue('accountId', preferredAccount(accounts.data ?? [], id)?.id ?? '');
    setRateNotice(null);
  };

  // Start at the merchant of the default account, once both lists are in; or where the draft
  // kept at the end of the last session was, while its merchant and account are still there.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !merchants.data || !accounts.data) return;
    started.current = true;
    const active = new Set(merchants.data.map((item) => item.id));
    const usable = accounts.data.filter((item) => active.has(item.merchant.id));
    const drafted = usable.find(
      (item) => item.id === draft?.accountId && item.merchant.id === draft.merchantId,
    );
    if (draft && drafted) {
      setValue('merchantId', drafted.merchant.id);
      setValue('accountId', drafted.id);
      setValue('amount', draft.amount ?? '');
      return;
    }
    const first = usable.find((item) => item.isDefault) ?? usable[0];
    const id = first?.merchant.id ?? (merchants.data.length === 1 ? merchants.data[0]?.id : '');
    if (id) {
      setValue('merchantId', id);
      setValue('accountId', preferredAccount(accounts.data, id)?.id ?? '');
    }
  }, [merchants.data, accounts.data, setValue, draft]);

  // A changed form is a new submission: it gets a new idempotency key.
  const { forget } = request;
  useEffect(
    () => subscribe({ formState: { values: true }, callback: forget }),
    [subscribe, forget],
  );

  const { onSubmit, formError } = useFormSubmit(
    form,
    async (values, { setFormError }) => {
      setRateNotice(null);
      if (available !== undefined && compareAmounts(values.amount, available) > 0) {
        setError('amount', { type: 'available' }, { shouldFocus: true });
        return;
      }
      const current = quote.data;
      if (!current) {
        setFormError(
          quote.isError ? errorMessage(t, quote.error) : t('transactions:quote.notReady'),
        );
        return;
      }
      if (isQuoteExpired(current)) {
        await renewQuote();
        return;
      }
      try {
        const detail = await request.submit(side, values, current.token);
        // Back pressed while the request was on its way: it was received all the same, and the
        // user is told so where they are now, not taken back to it.
        if (!onScreen.current) {
          toast('success', {
            title: t(`transactions:form.successTitle.${side}`),
            message: t('transactions:form.receivedAway', { number: detail.number }),
          });
          return;
        }
        toast('success', {
          title: t(`transactions:form.successTitle.${side}`),
          message: t('transactions:form.successMessage', { number: detail.number }),
        });
        await navigate(transactionPath(detail.id));
      } catch (error) {
        const code = apiErrorOf(error)?.code;
        if (code === 'QUOTE_EXPIRED' || code === 'QUOTE_INVALID') {
          await renewQuote();
          return;
        }
        // The operator set another rate since the quote (docs/decisions/010): show the new one and
        // keep what was typed, so the user checks the total and sends again.
        if (code === 'QUOTE_RATE_CHANGED') {
          await renewQuote(true);
          return;
        }
        if (code === 'RATE_NOT_SET') void quote.refetch();
        if (code === 'INSUFFICIENT_BALANCE') {
          void queryClient.invalidateQueries({ queryKey: positionQueryKey(values.accountId) });
        }
        throw error;
      }
    },
    {
      fields: FIELDS,
      codeFields: {
        INSUFFICIENT_BALANCE: 'amount',
        AMOUNT_OUT_OF_LIMITS: 'amount',
        MERCHANT_NOT_AVAILABLE: 'merchantId',
      },
    },
  );

  // The amount as it is typed: out of the merchant's limits, or beyond what a sell may take, it
  // is said at once, before Request, and no total is shown for it.
  const typed = checkAmount(amount ?? '', ASSET_AMOUNT, {
    grouping: true,
    limits: limitsOf(merchant),
  });
  const aboveAvailable =
    typed.ok && available !== undefined && compareAmounts(typed.value, available) > 0;
  const availableText =
    available === undefined
      ? undefined
      : t('transactions:form.aboveAvailable', {
          available: formatAsset(t, available, merchant?.asset ?? ''),
        });
  const warning =
    !typed.ok && LIMIT_MESSAGES.has(readValidationMessage(typed.message).key)
      ? validationText(t, typed.message)
      : aboveAvailable
        ? availableText
        : undefined;

  /** The amount's error in words, else the warning about what is being typed. */
  const amountErrorText = (error: FieldError | undefined): string | undefined => {
    if (error?.type === 'available') return availableText;
    return fieldErrorText(t, error) ?? warning;
  };

  return {
    form,
    merchants,
    accounts,
    merchant,
    accountsHere,
    merchantId,
    accountId,
    quote,
    position,
    /** The amount when it may be requested, for the live totals; null while it may not. */
    amount: typed.ok && !aboveAvailable ? typed.value : null,
    chooseMerchant,
    onSubmit,
    amountErrorText,
    formError,
    rateNotice,
    dismissRateNotice: () => setRateNotice(null),
    isSubmitting: request.isPending,
  };
}
