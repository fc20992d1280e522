import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A sign-in whose password was right, waiting for its second factor: found by the SHA-256 of the
 * challenge the client holds, used once, void after its expiry or too many wrong codes.
 */
@Entity('two_factor_challenges')
export class TwoFactorChallengeEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash: string;

  @Column({ name: 'remember_me', type: 'boolean' })
  rememberMe: boolean;

  @Column({ type: 'smallint', default: 0 })
  failures: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
