import { COMPOSER_RESET_MS } from '@jamii/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAuth } from '../../lib/auth';
import { makeUser, storeSignedIn } from '../../test/auth';
import { makePost } from '../../test/content';
import { FakeXhr, installFakeXhr, lastXhr } from '../../test/fake-xhr';
import { renderWithProviders } from '../../test/render';
import { PostComposer } from './post-composer';

let uninstall: () => void;
const me = makeUser({ id: 42, name: 'Wanjiku Kamau', username: '@wanjiku_k', location: 'Nairobi' });

beforeEach(() => {
  installFakeXhr();
  uninstall = installAuth();
  storeSignedIn(me);
});

afterEach(() => {
  uninstall();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const textBox = () => screen.getByPlaceholderText("What's on your mind?");
const postButton = () => screen.getByRole('button', { name: 'Post' });

describe('PostComposer', () => {
  it("shows the member's initial, a 3-row text box and a Post button disabled while the text is empty", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostComposer />);

    expect(screen.getByText('W')).toBeInTheDocument();
    expect(textBox()).toHaveAttribute('rows', '3');
    expect(postButton()).toBeDisabled();

    await user.type(textBox(), '   ');
    expect(postButton()).toBeDisabled();

    await user.type(textBox(), 'Karibu');
    expect(postButton()).toBeEnabled();
  });

  it('shows a question mark without a name or username', () => {
    storeSignedIn(makeUser({ name: '', username: '' }));
    renderWithProviders(<PostComposer />);

    expect(screen.getByText('?')).toBeInTheDocument();
  });

  it('previews a picked picture, removes it, and refuses a file that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<PostComposer />);
    const picker = screen.getByLabelText('Add a picture');
    expect(picker).toHaveAttribute('accept', 'image/*');

    await user.upload(picker, new File(['x'], 'sunset.png', { type: 'image/png' }));
    expect(screen.getByRole('img', { name: 'The picture to post' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('img', { name: 'The picture to post' })).not.toBeInTheDocument();

    await user.upload(picker, new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose an image file.');
    expect(screen.queryByRole('img', { name: 'The picture to post' })).not.toBeInTheDocument();
  });

  it('inserts an emoji, a hashtag and the member’s location at the cursor', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostComposer />);

    await user.type(textBox(), 'Habari');
    await user.click(screen.getByRole('button', { name: 'Add a hashtag' }));
    await user.type(textBox(), 'Nairobi');
    await user.click(screen.getByRole('button', { name: 'Add an emoji' }));
    await user.click(screen.getByRole('button', { name: '🇰🇪' }));
    await user.click(screen.getByRole('button', { name: 'Add your location' }));

    expect(textBox()).toHaveValue('Habari #Nairobi 🇰🇪 📍 Nairobi');
  });

  it('uploads with real progress, says Post created, and resets 1200 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(<PostComposer />);
    fireEvent.change(textBox(), { target: { value: 'Soko la Gikomba leo #Nairobi' } });
    fireEvent.change(screen.getByLabelText('Add a picture'), {
      target: { files: [new File([new Uint8Array(64)], 'soko.png', { type: 'image/png' })] },
    });

    fireEvent.click(postButton());
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const xhr = lastXhr();
    expect(xhr.url).toBe('/api/posts');
    expect(xhr.form.get('content')).toBe('Soko la Gikomba leo #Nairobi');
    expect(xhr.form.get('image')).toBeInstanceOf(File);
    expect(xhr.headers.Authorization).toBe('Bearer stored.token');

    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(postButton()).toBeDisabled();
    act(() => xhr.progress(32, 64));
    expect(bar).toHaveAttribute('aria-valuenow', '50');

    await act(async () => xhr.respond(201, makePost({ content: 'Soko la Gikomba leo #Nairobi' })));

    expect(screen.getByText('Post created')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(textBox()).toHaveValue('Soko la Gikomba leo #Nairobi');
    expect(postButton()).toBeDisabled();

    act(() => {
      vi.advanceTimersByTime(COMPOSER_RESET_MS - 1);
    });
    expect(textBox()).toHaveValue('Soko la Gikomba leo #Nairobi');
    act(() => {
      vi.advanceTimersByTime(1);
    });

    expect(textBox()).toHaveValue('');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The picture to post' })).not.toBeInTheDocument();
  });

  it('says Failed to create post, ends at once and keeps the text', async () => {
    renderWithProviders(<PostComposer />);
    fireEvent.change(textBox(), { target: { value: 'Mvua imenyesha' } });

    fireEvent.click(postButton());
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    await act(async () => lastXhr().respond(500, { code: 'INTERNAL', message: 'Something broke' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to create post');
    expect(textBox()).toHaveValue('Mvua imenyesha');
    expect(postButton()).toBeEnabled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the storage is full, with the quota, and keeps the text and the picture', async () => {
    renderWithProviders(<PostComposer />);
    fireEvent.change(textBox(), { target: { value: 'Picha ya harusi' } });
    fireEvent.change(screen.getByLabelText('Add a picture'), {
      target: { files: [new File([new Uint8Array(64)], 'harusi.png', { type: 'image/png' })] },
    });

    fireEvent.click(postButton());
    await vi.waitFor(() => expect(FakeXhr.requests).toHaveLength(1));
    const full = 'Your storage is full (1024 MB). Delete some videos or pictures to upload more.';
    await act(async () => lastXhr().respond(413, { code: 'STORAGE_QUOTA_EXCEEDED', message: full }));

    expect(screen.getByRole('alert')).toHaveTextContent(full);
    expect(textBox()).toHaveValue('Picha ya harusi');
    expect(screen.getByRole('img', { name: 'The picture to post' })).toBeInTheDocument();
    expect(postButton()).toBeEnabled();
  });
});
