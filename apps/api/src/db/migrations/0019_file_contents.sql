CREATE TABLE "file_contents" (
	"storage_key" text NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_contents_storage_key_part_pk" PRIMARY KEY("storage_key","part")
);
