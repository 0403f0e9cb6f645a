import { makeZodCspSafe } from './zod-jitless';

describe('makeZodCspSafe', () => {
  it('turns off the `new Function` probe for every copy of zod on the page (global config)', async () => {
    const FunctionSpy = jest.spyOn(globalThis, 'Function');
    makeZodCspSafe();
    // A section's copy of zod, loaded after the shell's call, reads the same global settings.
    const { z } = await import('zod');
    expect((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless).toBe(
      true,
    );
    expect(z.object({ email: z.string() }).safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(FunctionSpy).not.toHaveBeenCalled();
  });
});
