import { CheckOutlined, CloseOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Card, Typography } from 'antd';
import { errorText } from '../../../lib/apiError';
import { useAnswerInvitation } from '../api/actions';
import { useAuthorInvitations } from '../api/queries';
import { BLOG_TEXT } from '../texts';
import styles from './AuthorInvitations.module.css';

/**
 * The member's open invitations to co-author an article, each with 接受 and 拒绝: a member named
 * among the authors becomes one only by accepting here. Nothing shows while there are none.
 */
export function AuthorInvitations({ viewer }: { viewer: string }) {
  const { message } = App.useApp();
  const invitations = useAuthorInvitations(viewer);
  const answer = useAnswerInvitation();
  if (!invitations.data || invitations.data.length === 0) return null;

  const respond = async (id: number, accept: boolean) => {
    try {
      await answer.mutateAsync({ id, accept });
      message.success(accept ? BLOG_TEXT.accepted : BLOG_TEXT.declined);
    } catch (error) {
      message.error(errorText(error, BLOG_TEXT.answerFailed));
    }
  };
  const answering = (id: number, accept: boolean) =>
    answer.isPending && answer.variables?.id === id && answer.variables.accept === accept;

  return (
    <Card
      className={styles.card}
      title={
        <span className={styles.title}>
          <TeamOutlined aria-hidden /> {BLOG_TEXT.invitationsTitle}
        </span>
      }
    >
      <ul className={styles.list} aria-label={BLOG_TEXT.invitationsTitle}>
        {invitations.data.map((invitation) => (
          <li key={invitation.blogId} className={styles.item}>
            <div className={styles.text}>
              <Typography.Text strong>{invitation.title}</Typography.Text>
              <span className={styles.inviter}>{BLOG_TEXT.invitedBy(invitation.inviterName)}</span>
              {invitation.summary ? <span className={styles.summary}>{invitation.summary}</span> : null}
            </div>
            <div className={styles.actions}>
              <Button
                type="primary"
                size="small"
                icon={<CheckOutlined aria-hidden />}
                loading={answering(invitation.blogId, true)}
                disabled={answer.isPending}
                onClick={() => void respond(invitation.blogId, true)}
              >
                {BLOG_TEXT.accept}
              </Button>
              <Button
                size="small"
                icon={<CloseOutlined aria-hidden />}
                loading={answering(invitation.blogId, false)}
                disabled={answer.isPending}
                onClick={() => void respond(invitation.blogId, false)}
              >
                {BLOG_TEXT.decline}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
