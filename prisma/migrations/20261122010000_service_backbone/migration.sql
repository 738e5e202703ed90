-- CreateTable
CREATE TABLE "projects" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "thresholds" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_tokens" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "format_results" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "format_id" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "library" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "ok" BOOLEAN NOT NULL,
    "error" TEXT,
    "bytes" INTEGER,
    "compressed" JSONB,
    "encode" JSONB,
    "decode" JSONB,
    "access" JSONB,
    "fidelity" JSONB,
    "detail" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "format_results_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "project_id" TEXT,
ADD COLUMN     "sample_text" TEXT,
ADD COLUMN     "schema_text" TEXT,
ADD COLUMN     "ir" JSONB,
ADD COLUMN     "progress" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "environment" JSONB,
ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "lease_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "branch" TEXT,
ADD COLUMN     "commit" TEXT,
ADD COLUMN     "pull_request" INTEGER,
ADD COLUMN     "message" TEXT,
ADD COLUMN     "baseline_ref" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "projects_slug_key" ON "projects"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_token_hash_key" ON "api_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "api_tokens_project_id_idx" ON "api_tokens"("project_id");

-- CreateIndex
CREATE UNIQUE INDEX "format_results_run_id_format_id_key" ON "format_results"("run_id", "format_id");

-- CreateIndex
CREATE INDEX "runs_project_id_branch_created_at_idx" ON "runs"("project_id", "branch", "created_at");

-- AddForeignKey
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "format_results" ADD CONSTRAINT "format_results_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
