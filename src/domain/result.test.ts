import { fail, ok } from './result';

describe('ok / fail', () => {
  it('answer { success, message } with the extra fields alongside', () => {
    expect(ok('Friend request sent')).toEqual({ success: true, message: 'Friend request sent' });
    expect(fail('Missing user ID')).toEqual({ success: false, message: 'Missing user ID' });
    expect(ok('Friend request sent', { requestId: 'a_1' })).toEqual({
      success: true,
      message: 'Friend request sent',
      requestId: 'a_1',
    });
    expect(fail('User not found', { requestId: null })).toEqual({
      success: false,
      message: 'User not found',
      requestId: null,
    });
  });
});
