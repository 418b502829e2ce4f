import { Button, Popconfirm, theme } from 'antd';
import { buildCommentThreads, canDeleteComment, type MomentComment } from '../model';
import { MOMENT_TEXT } from '../texts';

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
  const { token } = theme.useToken();
  const deletable = canDeleteComment(comment, props.momentAuthor, props.me);
  return (
    <li
      data-comment-id={comment.commentId}
      style={{ padding: '4px 0', paddingLeft: isReply ? 16 : 0, lineHeight: 1.7, wordBreak: 'break-word' }}
    >
      <span style={{ color: token.colorPrimary, fontWeight: 500 }}>{comment.nickname}</span>
      {isReply && comment.parentNickname && (
        <>
          <span style={{ color: token.colorTextSecondary, margin: '0 4px' }}>{MOMENT_TEXT.replied}</span>
          <span style={{ color: token.colorPrimary, fontWeight: 500 }}>{comment.parentNickname}</span>
        </>
      )}
      <span style={{ color: token.colorTextSecondary }}>：</span>
      <span style={{ whiteSpace: 'pre-wrap' }}>{comment.content}</span>
      <span style={{ marginLeft: 8, whiteSpace: 'nowrap' }}>
        <Button
          type="link"
          size="small"
          style={{ padding: '0 4px', height: 'auto', fontSize: 12, color: token.colorTextTertiary }}
          onClick={() => props.onReply(comment)}
          aria-label={`${MOMENT_TEXT.reply} ${comment.nickname}`}
        >
          {MOMENT_TEXT.reply}
        </Button>
        {deletable && (
          <Popconfirm
            title={MOMENT_TEXT.deleteCommentConfirm}
            okText={MOMENT_TEXT.confirm}
            cancelText={MOMENT_TEXT.cancelDelete}
            onConfirm={() => props.onDelete(comment)}
          >
            <Button
              type="link"
              size="small"
              loading={props.deletingId === comment.commentId}
              style={{ padding: '0 4px', height: 'auto', fontSize: 12, color: token.colorTextTertiary }}
              aria-label={`${MOMENT_TEXT.deleteComment} ${comment.nickname}：${comment.content}`}
            >
              {MOMENT_TEXT.delete}
            </Button>
          </Popconfirm>
        )}
      </span>
    </li>
  );
}

/** Comments with their replies indented below them, each reply naming whom it answers. */
export function CommentList({ comments, ...props }: CommentListProps) {
  const threads = buildCommentThreads(comments);
  if (threads.length === 0) return null;
  return (
    <ul aria-label={MOMENT_TEXT.commentsLabel} style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 14 }}>
      {threads.flatMap(({ comment, replies }) => [
        <CommentLine key={comment.commentId} comment={comment} isReply={false} {...props} />,
        ...replies.map((reply) => <CommentLine key={reply.commentId} comment={reply} isReply {...props} />),
      ])}
    </ul>
  );
}
