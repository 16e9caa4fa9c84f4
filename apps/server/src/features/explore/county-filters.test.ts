import { COUNTY_MESSAGE } from '@jamii/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/use-test-app';
import { makeJob, makeUser } from '../../test/factories';

// docs/features/phones-and-places.md: Jobs and Discover filter by county: a job or a member whose free-text location names
// the county or one of its towns, whatever the case, by the county stored at write time.
describe('county filters', () => {
  const t = useTestApp();

  const titles = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { title?: string; role?: string; name?: string }[]).map(
      (r) => r.title ?? r.role ?? r.name,
    );
  };

  it('GET /api/jobs?county= finds jobs in the county or its towns, any case and spelling', async () => {
    const poster = await makeUser(t);
    await makeJob(t, poster, { title: 'Fisheries officer', location: 'Kisumu' });
    await makeJob(t, poster, { title: 'Boda mechanic', location: 'ahero town' });
    await makeJob(t, poster, { title: 'Tea buyer', location: 'Kericho' });
    await makeJob(t, poster, { title: 'Barista', location: 'Kenol, Muranga' });
    await makeJob(t, poster, { title: 'Remote writer', location: 'Remote' });

    expect(await titles('/api/jobs?county=Kisumu')).toEqual(['Boda mechanic', 'Fisheries officer']);
    expect(await titles('/api/jobs?county=kisumu&search=mechanic')).toEqual(['Boda mechanic']);
    for (const spelling of ["Murang'a", 'muranga', 'MURANG’A']) {
      expect(await titles(`/api/jobs?county=${encodeURIComponent(spelling)}`)).toEqual(['Barista']);
    }
    expect(await titles('/api/jobs?county=Nyeri')).toEqual([]);
    expect((await titles('/api/jobs?county=')).length).toBeGreaterThanOrEqual(5);
  });

  it('keeps the county in step when a job’s location is edited', async () => {
    const poster = await makeUser(t);
    const job = await makeJob(t, poster, { title: 'Moving clerk', location: 'Nakuru' });
    expect(await titles('/api/jobs?county=Nakuru')).toContain('Moving clerk');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${job.id}`,
      headers: poster.auth,
      payload: { location: 'Malindi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles('/api/jobs?county=Nakuru')).not.toContain('Moving clerk');
    expect(await titles('/api/jobs?county=Kilifi')).toContain('Moving clerk');
  });

  it('refuses a county Kenya does not have', async () => {
    for (const url of ['/api/jobs?county=Atlantis', '/api/hiring/explore?county=Atlantis']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json())).toContain(COUNTY_MESSAGE);
    }
  });

  it('GET /api/hiring/explore?county= lists companies hiring in the county', async () => {
    const poster = await makeUser(t);
    await makeJob(t, poster, {
      title: 'Site engineer',
      company: 'Pwani Builders',
      location: 'Nyali, Mombasa',
    });
    await makeJob(t, poster, { title: 'Nurse', company: 'Lakeside Clinic', location: 'Kisumu' });
    expect(await titles('/api/hiring/explore?county=Mombasa')).toEqual(['Site engineer']);
  });

  it('GET /api/users/suggestions?county= finds members whose location names the county', async () => {
    const me = await makeUser(t, { location: 'Nairobi' });
    await makeUser(t, { name: 'Wekesa Eldoret', location: 'Eldoret' });
    await makeUser(t, { name: 'Chebet Iten', location: 'iten, Elgeyo-Marakwet' });
    await makeUser(t, { name: 'Kiprop Moiben', location: 'Moiben, uasin gishu' });
    const names = await titles('/api/users/suggestions?county=Uasin%20Gishu&limit=50', me.auth);
    expect(names.sort()).toEqual(['Kiprop Moiben', 'Wekesa Eldoret']);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${me.id}`,
      headers: me.auth,
      payload: { location: 'Turbo' },
    });
    expect(edited.statusCode).toBe(200);
    const other = await makeUser(t);
    expect(await titles('/api/users/suggestions?county=uasin-gishu&limit=50', other.auth)).toContain(
      'Member Number',
    );
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/users/suggestions?county=Gotham',
      headers: me.auth,
    });
    expect(bad.statusCode).toBe(400);
  });
});
