import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  adminModerationDecide,
  adminModerationList,
  adminModerationWords,
  adminModerationWordsSave,
} from '../../../api/generated/sdk.gen';
import type {
  CaseStatus,
  ModerationListData,
  SensitiveWords,
  Subject,
  Verdict,
} from '../../../api/generated/types.gen';
import { unwrap } from '../../../lib/api';
import { blogKeys } from '../../blog/api/keys';
import { chatKeys } from '../../chat/api/keys';
import { momentKeys } from '../../moments/api/keys';
import { profileKeys } from '../../profile/api/keys';
import { adminKeys } from './keys';

/** Cases in one state, the most reported first; the previous page stays while the next loads. */
export function useModerationCases(status: CaseStatus, page: number, pageSize: number) {
  return useQuery({
    queryKey: adminKeys.moderation(status, page, pageSize),
    queryFn: ({ signal }): Promise<ModerationListData> =>
      unwrap(adminModerationList({ body: { page, pageSize, status }, signal, throwOnError: true })),
    placeholderData: keepPreviousData,
  });
}

/** What members see of each subject, cached in this browser too, so a decision refreshes it. */
const MEMBER_VIEWS: Record<Subject, QueryKey> = {
  profile: profileKeys.all,
  photo: profileKeys.all,
  moment: momentKeys.all,
  comment: momentKeys.all,
  article: blogKeys.all,
  message: chatKeys.all,
};

export interface CaseDecision {
  caseId: number;
  /** What the case is about, for the members' views to refresh. */
  subject: Subject;
  verdict: Verdict;
  /** With `suspend`. */
  suspendDays?: number;
}

/** Keep, remove, or remove and suspend the author; once per case (a second decision is 409). */
export function useDecideCase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, verdict, suspendDays }: CaseDecision) =>
      unwrap(adminModerationDecide({ body: { caseId, verdict, suspendDays }, throwOnError: true })),
    // A refusal (该举报已处理) means the list is out of date as much as a success does.
    onSettled: async (_answer, _error, { subject }) => {
      void queryClient.invalidateQueries({ queryKey: MEMBER_VIEWS[subject] });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export function useSensitiveWords() {
  return useQuery({
    queryKey: adminKeys.sensitiveWords(),
    queryFn: ({ signal }): Promise<SensitiveWords> => unwrap(adminModerationWords({ signal, throwOnError: true })),
  });
}

/** Replaces the list; the server answers it as stored (trimmed, without repeats, sorted). */
export function useSaveSensitiveWords() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (words: string[]) => unwrap(adminModerationWordsSave({ body: { words }, throwOnError: true })),
    onSuccess: (stored) => queryClient.setQueryData(adminKeys.sensitiveWords(), stored),
  });
}
