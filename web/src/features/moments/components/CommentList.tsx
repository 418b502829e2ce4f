import { Button } from 'antd';
import { DeleteConfirmationPopover } from '../../../components/DeleteConfirmation';
import { ReportButton } from '../../../components/report/ReportButton';
import { buildCommentThreads, canDeleteComment, type MomentComment } from '../model';
import { MOMENT_TEXT } from '../texts';
import styles from './CommentList.module.css';

interface CommentListProps {
  comments: readonly MomentComment[];
  momentAuthor: string;
  me: string | undefined;
  onReply: (comment: MomentComment) => void;
  onDelete: (comment: MomentComment) => void;
  deletingId: number | null;
}

function CommentLine({
  comment,
  isReply,
  ...props
}: Omit<CommentListProps, 'comments'> & { comment: MomentComment; isReply: boolean }) {
  const deletable = canDeleteComment(comment, props.momentAuthor, props.me);
  return (
    <li data-comment-id={comment.commentId} className={isReply ? styles.reply : styles.comment}>
      <span className={styles.name}>{comment.nickname}</span>
      {isReply && comment.parentNickname && (
        <>
          <span className={styles.replied}>{MOMENT_TEXT.replied}</span>
          <span className={styles.name}>{comment.parentNickname}</span>
        </>
      )}
      <span className={styles.colon}>：</span>
      <span className={styles.content}>{comment.content}</span>
      <span className={styles.actions}>
        <Button
          type="link"
          size="small"
          className={styles.action}
          onClick={() => props.onReply(comment)}
          aria-label={`${MOMENT_TEXT.reply} ${comment.nickname}`}
        >
          {MOMENT_TEXT.reply}
        </Button>
        {deletable && (
          <DeleteConfirmationPopover title={MOMENT_TEXT.deleteCommentConfirm} onConfirm={() => props.onDelete(comment)}>
            <Button
              type="link"
              size="small"
              loading={props.deletingId === comment.commentId}
              className={styles.action}
              aria-label={`${MOMENT_TEXT.deleteComment} ${comment.nickname}：${comment.content}`}
            >
              {MOMENT_TEXT.delete}
            </Button>
          </DeleteConfirmationPopover>
        )}
        <ReportButton
          subject="comment"
          targetId={comment.commentId}
          mine={props.me !== undefined && comment.uuid === props.me}
          label={`${MOMENT_TEXT.reportComment} ${comment.nickname}：${comment.content}`}
          plain
          className={styles.action}
        />
      </span>
    </li>
  );
}

/** Comments with their replies indented below them, each reply naming whom it answers. */
export function CommentList({ comments, ...props }: CommentListProps) {
  const threads = buildCommentThreads(comments);
  if (threads.length === 0) return null;
  return (
    <ul aria-label={MOMENT_TEXT.commentsLabel} className={styles.list}>
      {threads.flatMap(({ comment, replies }) => [
        <CommentLine key={comment.commentId} comment={comment} isReply={false} {...props} />,
        ...replies.map((reply) => <CommentLine key={reply.commentId} comment={reply} isReply {...props} />),
      ])}
    </ul>
  );
}
