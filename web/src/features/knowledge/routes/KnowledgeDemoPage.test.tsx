import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, renderAt } from '../../../test/render';
import { course } from '../testing';
import KnowledgeDemoPage from './KnowledgeDemoPage';

const renderDemo = () => renderAt('/knowledge/demo', <KnowledgeDemoPage title="知识课程演示" />);

describe('KnowledgeDemoPage', () => {
  it('links to course management and to the first course’s display page, and explains the parts', async () => {
    fakeApi({
      '/api/v1/knowledge/courses/guest/list': [
        ok({ list: [course(7, { name: '恋爱心理学入门' }), course(8)], total: 2 }),
      ],
    });
    renderDemo();
    expect(await screen.findByText(/打开课程《恋爱心理学入门》的学习页面/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打开课程学习页面' })).toHaveAttribute(
      'href',
      '/knowledge/courses/display/7',
    );
    expect(screen.getByRole('link', { name: '进入课程管理' })).toHaveAttribute('href', '/knowledge/courses/admin');
    for (const term of ['课程', '知识点', '前置知识点', '学习资源']) {
      expect(screen.getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
  });

  it('falls back to the catalogue when there is no course to open', async () => {
    fakeApi({ '/api/v1/knowledge/courses/guest/list': [fail(500, 500, ''), fail(500, 500, '')] });
    renderDemo();
    expect(await screen.findByText(/选一门课程进入学习页面/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打开课程学习页面' })).toHaveAttribute('href', '/knowledge/courses');
  });
});
