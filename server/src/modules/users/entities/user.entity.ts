import { Column, CreateDateColumn, Entity, OneToOne, PrimaryGeneratedColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { StaffRole } from '#contract/auth/roles.js';
import type { Locale } from '#contract/site/constants.js';
import { ContestantProfileEntity } from './contestant-profile.entity.js';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'ALWAYS' })
  id: number;

  @Column({ type: 'varchar', length: 30 })
  username: string;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, default: '' })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100, default: '' })
  lastName: string;

  @Column({ name: 'phone_number', type: 'varchar', length: 15, nullable: true })
  phoneNumber: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  instagram: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  tiktok: string | null;

  /** False for an account a provider's sign-in made, until it sets a password of its own. */
  @Column({ name: 'password_set', type: 'boolean', default: true })
  passwordSet: boolean;

  @Column({ name: 'is_superuser', type: 'boolean', default: false })
  isSuperuser: boolean;

  /** owner, organizer or moderator for a staff account (then isSuperuser is true), null for everyone else. */
  @Column({ name: 'staff_role', type: 'text', nullable: true })
  staffRole: StaffRole | null;

  @Column({ name: 'is_competitor', type: 'boolean', default: false })
  isCompetitor: boolean;

  @Column({ name: 'is_verified', type: 'boolean', default: false })
  isVerified: boolean;

  /**
   * When two-factor sign-in was turned on; null while it is off. Its sealed secret and last accepted time
   * step (columns two_factor_secret, two_factor_last_step) are read by the two-factor module alone; when the
   * account last signed in (last_login_at) by the staff list alone.
   */
  @Column({ name: 'two_factor_enabled_at', type: 'timestamptz', nullable: true })
  twoFactorEnabledAt: Date | null;

  /** The language of the account's e-mails: the one it last registered, signed in or switched in. */
  @Column({ type: 'text', default: 'en' })
  locale: Locale;

  /** When the account will be erased, as its owner asked; null when no deletion is pending. */
  @Column({ name: 'deletion_due_at', type: 'timestamptz', nullable: true })
  deletionDueAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @OneToOne(() => ContestantProfileEntity, (p) => p.user)
  profile?: Relation<ContestantProfileEntity> | null;
}
