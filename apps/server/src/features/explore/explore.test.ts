import { isWebRoute, webPaths } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeJob, makeUser } from '../../test/factories';

describe('explore: topics and hiring', () => {
  const t = useTestApp();

  const postWithTags = async (content: string, daysAgo: number) => {
    const author = await makeUser(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: author.auth,
      payload: { content },
    });
    expect(res.statusCode).toBe(201);
    const old = new Date(Date.now() - daysAgo * 86_400_000);
    await t.db
      .updateTable('post_hashtags')
      .set({ created_at: old })
      .where('post_id', '=', res.json().id)
      .execute();
  };

  it('ranks hashtags trending first: recent uses weigh more than old ones', async () => {
    for (let i = 0; i < 4; i++) await postWithTags(`Old news #harambee ${i}`, 30);
    for (let i = 0; i < 2; i++) await postWithTags(`Today #nairobitech and #harambee ${i}`, 0);
    await postWithTags('Once #matatu', 0);
    const res = await t.app.inject({ method: 'GET', url: '/api/topics/explore' });
    expect(res.statusCode).toBe(200);
    expect(res.json().slice(0, 3)).toEqual([
      { tag: 'harambee', title: '#harambee', description: '6 posts, 2 this week', posts: 6, recent_posts: 2 },
      {
        tag: 'nairobitech',
        title: '#nairobitech',
        description: '2 posts, 2 this week',
        posts: 2,
        recent_posts: 2,
      },
      { tag: 'matatu', title: '#matatu', description: '1 post, 1 this week', posts: 1, recent_posts: 1 },
    ]);
    const searched = await t.app.inject({ method: 'GET', url: '/api/topics/explore?search=%23NAIROBI' });
    expect(searched.json().map((x: { tag: string }) => x.tag)).toEqual(['nairobitech']);
    const wildcard = await t.app.inject({ method: 'GET', url: '/api/topics/explore?search=%25' });
    expect(wildcard.json()).toEqual([]);
  });

  it('lists each company once with its newest job and a link to it', async () => {
    const poster = await makeUser(t);
    await makeJob(t, poster, {
      title: 'Clerk',
      company: 'Safari Rails',
      location: 'Nairobi',
      minutesAgo: 60,
    });
    const newest = await makeJob(t, poster, {
      title: 'Driver',
      company: 'safari rails',
      location: 'Nakuru',
      minutesAgo: 5,
    });
    await makeJob(t, poster, { title: 'Chef', company: 'Pwani Hotels', location: 'Mombasa', minutesAgo: 30 });
    await makeJob(t, poster, { title: 'Helper', company: '', location: 'Kisumu', minutesAgo: 1 });
    const res = await t.app.inject({ method: 'GET', url: '/api/hiring/explore' });
    expect(res.json()).toEqual([
      {
        job_id: newest.id,
        company: 'safari rails',
        role: 'Driver',
        location: 'Nakuru',
        link: webPaths.jobDetails(newest.id),
      },
      expect.objectContaining({ company: 'Pwani Hotels', role: 'Chef' }),
    ]);
    // The link opens the job's page in the web app (a deep link the server answers with the app).
    expect(res.json()[0].link).toBe(`/explore/jobs/${newest.id}`);
    expect(isWebRoute(res.json()[0].link)).toBe(true);
    const searched = await t.app.inject({ method: 'GET', url: '/api/hiring/explore?search=mombasa' });
    expect(searched.json().map((h: { company: string }) => h.company)).toEqual(['Pwani Hotels']);
  });

  it('stops at the limit of companies, however many jobs the newest companies have', async () => {
    const poster = await makeUser(t);
    // Newest first: three jobs of Jua Kali Works, then two of Maji Safi, then one of Kilimo Bora.
    const jobs: [string, number][] = [
      ['Kilimo Bora', 50],
      ['MAJI SAFI', 40],
      ['Maji Safi', 30],
      ['Jua Kali Works', 20],
      ['jua kali works', 10],
      ['Jua Kali Works', 3],
    ];
    for (const [company, minutesAgo] of jobs) {
      await makeJob(t, poster, { title: `Fundi at ${company}`, company, location: 'Thika', minutesAgo });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/hiring/explore?search=thika&limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((h: { company: string }) => h.company)).toEqual(['Jua Kali Works', 'Maji Safi']);
    const all = await t.app.inject({ method: 'GET', url: '/api/hiring/explore?search=thika' });
    expect(all.json().map((h: { company: string }) => h.company)).toEqual([
      'Jua Kali Works',
      'Maji Safi',
      'Kilimo Bora',
    ]);
  });
});
