import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { DeleteConfirmationPopover, useDeleteConfirmation } from './DeleteConfirmation';

function DeleteButton({ onConfirm }: { onConfirm: () => Promise<unknown> | void }) {
  const confirmDeletion = useDeleteConfirmation();
  return (
    <button
      type="button"
      onClick={() => confirmDeletion({ title: '删除确认', content: '确定要删除这条动态吗？', onConfirm })}
    >
      删除动态
    </button>
  );
}

describe('useDeleteConfirmation', () => {
  it('asks with the title, the question, 取消 and 确定, and deletes nothing yet', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderAt('/', <DeleteButton onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: '删除动态' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(/删除确认[\s\S]*确定要删除这条动态吗？/);
    expect(within(dialog).getByRole('button', { name: /取\s*消/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toHaveClass('ant-btn-dangerous');
    expect(dialog.querySelector('.anticon-exclamation-circle')).not.toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls onConfirm once after 确定, and closes when it is done', async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderAt('/', <DeleteButton onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: '删除动态' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing when cancelled', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderAt('/', <DeleteButton onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: '删除动态' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('DeleteConfirmationPopover', () => {
  function renderPopover(onConfirm: () => void) {
    return renderAt(
      '/',
      <DeleteConfirmationPopover title="确定删除这条评论吗？" onConfirm={onConfirm}>
        <button type="button">删除评论</button>
      </DeleteConfirmationPopover>,
    );
  }

  it('asks beside the link and calls onConfirm only after 确定', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderPopover(onConfirm);
    await user.click(screen.getByRole('button', { name: '删除评论' }));
    const bubble = await screen.findByRole('tooltip');
    expect(bubble).toHaveTextContent('确定删除这条评论吗？');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(bubble).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('does nothing on 取消', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    renderPopover(onConfirm);
    await user.click(screen.getByRole('button', { name: '删除评论' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /取\s*消/ }));
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
