import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/apiError';
import { createLineSplitter, streamChat } from './chatStream';
import { fakeChatServer, line } from '../testing';

const encode = (text: string) => new TextEncoder().encode(text);

describe('createLineSplitter', () => {
  it('joins a line sent over several chunks and keeps the unfinished tail', () => {
    const splitter = createLineSplitter();
    expect(splitter.push(encode('{"a":1}\n{"b"'))).toEqual(['{"a":1}']);
    expect(splitter.push(encode(':2}'))).toEqual([]);
    expect(splitter.push(encode('\n{"c":3}\n'))).toEqual(['{"b":2}', '{"c":3}']);
    expect(splitter.flush()).toEqual([]);
  });

  it('decodes a Chinese character whose bytes are split between chunks', () => {
    const splitter = createLineSplitter();
    const bytes = encode('你好\n');
    expect(splitter.push(bytes.slice(0, 4))).toEqual([]);
    expect(splitter.push(bytes.slice(4))).toEqual(['你好']);
  });

  it('hands over a last line sent without its line break', () => {
    const splitter = createLineSplitter();
    expect(splitter.push(encode('{"done":true}'))).toEqual([]);
    expect(splitter.flush()).toEqual(['{"done":true}']);
  });
});

describe('streamChat', () => {
  const request = (
    signal = new AbortController().signal,
    pieces: string[] = [],
    named: number[] = [],
    crises: number[] = [],
  ) => ({
    messages: [{ role: 'user', content: '你好' }],
    conversationId: null,
    model: null,
    token: 'token-zhou',
    signal,
    onPiece: (text: string) => pieces.push(text),
    onConversation: (id: number) => named.push(id),
    onCrisis: () => crises.push(1),
  });

  it('passes each piece on in order, across chunk borders, and names the conversation at once', async () => {
    const server = fakeChatServer();
    const pieces: string[] = [];
    const named: number[] = [];
    const ending = streamChat(request(undefined, pieces, named));
    const first = line({ message: { role: 'assistant', content: '你好！' }, conversationId: 7 });
    const second = line({ message: { role: 'assistant', content: '我是' }, conversationId: 7 });
    await server.send(first.slice(0, 10));
    await server.send(first.slice(10) + second.slice(0, 5));
    await server.send(second.slice(5));
    await server.send(line({ done: true, conversationId: 7 }));
    expect(await ending).toEqual({ kind: 'done', conversationId: 7 });
    expect(pieces).toEqual(['你好！', '我是']);
    expect(named).toEqual([7]);
    expect(server.calls[0]).toMatchObject({
      path: '/api/v1/ai/chat',
      authorization: 'Bearer token-zhou',
      body: { messages: [{ role: 'user', content: '你好' }], stream: true },
    });
    expect(server.calls[0].body).not.toHaveProperty('conversationId');
    expect(server.calls[0].body).not.toHaveProperty('model');
  });

  it('skips the blank keep-alive lines the server sends while the model is silent', async () => {
    const server = fakeChatServer();
    const pieces: string[] = [];
    const ending = streamChat(request(undefined, pieces));
    await server.send('\n\n');
    await server.send(line({ message: { role: 'assistant', content: '想好了' }, conversationId: 5 }));
    await server.send('\n');
    await server.send(line({ done: true, conversationId: 5 }));
    expect(await ending).toEqual({ kind: 'done', conversationId: 5 });
    expect(pieces).toEqual(['想好了']);
  });

  it('hands the crisis line over as a mark, not as text', async () => {
    const server = fakeChatServer();
    const pieces: string[] = [];
    const crises: number[] = [];
    const ending = streamChat(request(undefined, pieces, [], crises));
    await server.send(
      line({ message: { role: 'assistant', content: '现在就可以获得帮助\n\n' }, crisis: true, conversationId: 6 }),
    );
    await server.send(line({ message: { role: 'assistant', content: '我在听。' }, conversationId: 6 }));
    await server.send(line({ done: true, conversationId: 6 }));
    await ending;
    expect(crises).toEqual([1]);
    expect(pieces).toEqual(['我在听。']);
  });

  it('passes on the note of a reply cut short on purpose', async () => {
    const server = fakeChatServer();
    const ending = streamChat(request());
    await server.send(line({ message: { role: 'assistant', content: '很长' } }));
    await server.send(line({ done: true, conversationId: 8, note: '回复太长，只显示了前面的部分' }));
    expect(await ending).toEqual({ kind: 'done', conversationId: 8, note: '回复太长，只显示了前面的部分' });
  });

  it('sends the model it is given', async () => {
    const server = fakeChatServer();
    const ending = streamChat({ ...request(), model: 'qwen2.5:0.5b' });
    await server.send(line({ done: true, conversationId: 1 }));
    await ending;
    expect(server.calls[0].body).toMatchObject({ model: 'qwen2.5:0.5b' });
  });

  it('continues a conversation by its id', async () => {
    const server = fakeChatServer();
    const ending = streamChat({ ...request(), conversationId: 12 });
    await server.send(line({ done: true, conversationId: 12 }));
    await ending;
    expect(server.calls[0].body).toMatchObject({ conversationId: 12 });
  });

  it('reports an error line with its words and the conversation the question was saved in', async () => {
    const server = fakeChatServer();
    const pieces: string[] = [];
    const ending = streamChat(request(undefined, pieces));
    await server.send(line({ message: { role: 'assistant', content: '开头' } }));
    await server.send(line({ done: true, conversationId: 3, error: 'AI 服务出错，请稍后再试' }));
    expect(await ending).toEqual({ kind: 'failed', message: 'AI 服务出错，请稍后再试', conversationId: 3 });
    expect(pieces).toEqual(['开头']);
  });

  it('stops when the signal aborts, keeping the pieces that came', async () => {
    const server = fakeChatServer();
    const controller = new AbortController();
    const pieces: string[] = [];
    const ending = streamChat(request(controller.signal, pieces));
    await server.send(line({ message: { role: 'assistant', content: '第1段。' } }));
    await server.send(line({ message: { role: 'assistant', content: '第2段。' } }));
    controller.abort();
    expect(await ending).toEqual({ kind: 'stopped' });
    expect(pieces).toEqual(['第1段。', '第2段。']);
    expect(server.aborted()).toBe(true);
  });

  it('is stopped when aborted before the server answered', async () => {
    fakeChatServer({ holdResponse: true });
    const controller = new AbortController();
    const ending = streamChat(request(controller.signal));
    controller.abort();
    expect(await ending).toEqual({ kind: 'stopped' });
  });

  it('is interrupted when the body ends without its done line', async () => {
    const server = fakeChatServer();
    const ending = streamChat(request());
    await server.send(line({ message: { role: 'assistant', content: '半句' } }));
    server.close();
    expect(await ending).toEqual({ kind: 'interrupted' });
  });

  it('fails on a line that is not JSON', async () => {
    const server = fakeChatServer();
    const ending = streamChat(request());
    await server.send('not json\n');
    expect(await ending).toMatchObject({ kind: 'failed', message: '回复的内容无法识别' });
  });

  it('throws the server’s refusal before the stream as an ApiError', async () => {
    fakeChatServer({ refuse: { status: 429, code: 429, message: '今天的 AI 聊天额度已用完，明天再来吧' } });
    const error = await streamChat(request()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 429, message: '今天的 AI 聊天额度已用完，明天再来吧' });
  });

  it('throws a network failure as an ApiError without a code', async () => {
    fakeChatServer({ networkFailure: true });
    const error = await streamChat(request()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkFailure).toBe(true);
  });
});
